import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The one data table of the app: a Chakra table in a scroll area that scrolls sideways on a phone.
 * The caption (visually hidden) names the table; the scroll area is a named group that takes focus,
 * so a keyboard user can scroll it with the arrow keys (WCAG 2.1.1; axe scrollable-region-focusable).
 * A group, not a region: the page's section around a table often bears the same name, and two
 * landmarks of one name are one too many.
 * `framed` draws the report look (a border around the table); the rest goes to Table.Root.
 */
export function ScrollTable({
  caption,
  framed = false,
  children,
  ...table
}: Table.RootProps & { caption: string; framed?: boolean; children: ReactNode }) {
  return (
    <Table.ScrollArea
      tabIndex={0}
      role="group"
      aria-label={caption}
      {...(framed ? { borderWidth: '1px', borderColor: 'border.card', borderRadius: 'lg' } : {})}
      focusVisibleRing="outside"
    >
      <Table.Root size="sm" {...table}>
        <Table.Caption srOnly>{caption}</Table.Caption>
        {children}
      </Table.Root>
    </Table.ScrollArea>
  );
}
