// A table scrolling sideways when the screen is narrower than it. A table with nothing to click
// gives its scrolling box a tab stop, so the columns out of view can be reached without a mouse
// (axe's scrollable-region-focusable), and names it (a region, by `label`) so the stop says what it
// holds; one with buttons, links or fields in every row does not need one: tabbing to them scrolls it.
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export function TableScroll({
  minWidth,
  label,
  hasControls = false,
  children,
}: { minWidth: number; children: ReactNode } & (
  | {
      /** Every row has something to tab to: no tab stop of its own, so no name needed. */
      hasControls: true;
      label?: string;
    }
  | {
      hasControls?: boolean;
      /** What the table lists: the name of its scrolling region (a tab stop). */
      label: string;
    }
)) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={
        hasControls ? undefined : { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }
      }
    >
      {children}
    </Table.ScrollContainer>
  );
}
