import { List, type ListRootProps } from '@chakra-ui/react';
import { LuCircleCheck } from 'react-icons/lu';

/**
 * A plan's or an offer's benefits, each behind a green check: pricing, Trendex Core, the profile.
 * Children follow the benefits in the same list (pricing's "not included" lines).
 */
export function BenefitList({ benefits, children, ...root }: { benefits: readonly string[] } & ListRootProps) {
  return (
    <List.Root variant="plain" {...root}>
      {benefits.map((b) => (
        <List.Item key={b}>
          <List.Indicator asChild color="gain.fg">
            <LuCircleCheck />
          </List.Indicator>
          {b}
        </List.Item>
      ))}
      {children}
    </List.Root>
  );
}
