import { useMutation } from '@tanstack/react-query';
import { ApiError, callApi } from '../../lib/api';

/** Mails the code that connecting or removing a key asks for (one code route for both). */
export const useSendCode = () => useMutation({ mutationFn: () => callApi('requestExchangeOtp', {}) });

/** Whether the server refused the mailed code (wrong, expired, spent). */
export const codeRefused = (error: unknown) => error instanceof ApiError && error.field === 'otp';
