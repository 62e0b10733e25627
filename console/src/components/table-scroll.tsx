// A table scrolling sideways when the screen is narrower than it. A table with nothing to click
// gives its scrolling box a tab stop, so the columns out of view can be reached without a mouse
// (axe's scrollable-region-focusable); one with buttons, links or fields in every row does not
// need one: tabbing to them scrolls it.
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

const focusableViewport = { viewportProps: { tabIndex: 0 } };

export function TableScroll({
  minWidth,
  hasControls = false,
  children,
}: {
  minWidth: number;
  /** Every row has something to tab to. */
  hasControls?: boolean;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={hasControls ? undefined : focusableViewport}>
      {children}
    </Table.ScrollContainer>
  );
}
