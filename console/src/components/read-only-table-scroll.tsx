// A table with nothing to click, scrolling sideways when the screen is narrower than it. Its
// scrolling box takes keyboard focus, so the columns out of view can be reached without a mouse
// (axe's scrollable-region-focusable). A table with buttons or links in it does not need this:
// tabbing to them scrolls it.
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

const focusableViewport = { viewportProps: { tabIndex: 0 } };

export function ReadOnlyTableScroll({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={focusableViewport}>
      {children}
    </Table.ScrollContainer>
  );
}
