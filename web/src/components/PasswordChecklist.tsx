import { HStack, List, Text } from '@chakra-ui/react';
import { LuCircle, LuCircleCheck } from 'react-icons/lu';
import { passwordRules } from '#api/schemas/auth';

export const passwordPasses = (password: string) => passwordRules.every((r) => r.test(password));

/** The live password checklist; the rules come from the API contract so the server agrees. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <List.Root id={id} variant="plain" gap="1" mt="1">
      {passwordRules.map((rule) => {
        const ok = rule.test(password);
        return (
          <List.Item key={rule.id}>
            <HStack gap="2" color={ok ? 'gain.fg' : 'fg.muted'} fontSize="sm">
              {ok ? <LuCircleCheck aria-hidden /> : <LuCircle aria-hidden />}
              <Text as="span">
                {rule.label}
                <Text as="span" srOnly>
                  {ok ? ' (met)' : ' (not met)'}
                </Text>
              </Text>
            </HStack>
          </List.Item>
        );
      })}
    </List.Root>
  );
}
