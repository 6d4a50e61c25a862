import { chakra, HStack, Text } from '@chakra-ui/react';
import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size'> & {
  type: 'radio' | 'checkbox';
  children: ReactNode;
};

/**
 * A native radio or checkbox with its label. Native inputs keep the real control clickable (tests and
 * assistive tech act on the input itself), styled with the brand accent colour.
 */
export const NativeChoice = forwardRef<HTMLInputElement, Props>(function NativeChoice(
  { type, children, ...props },
  ref,
) {
  return (
    <HStack as="label" gap="2" cursor="pointer" fontSize="sm" align="center">
      <chakra.input
        ref={ref}
        type={type}
        w="4"
        h="4"
        m="0"
        cursor="pointer"
        flexShrink={0}
        css={{ accentColor: 'var(--chakra-colors-brand-solid)' }}
        {...props}
      />
      <Text as="span">{children}</Text>
    </HStack>
  );
});
