// An HTTP status, coloured by its class: success teal, the caller's mistake orange, ours red.
import { Badge } from '@mantine/core';

export function StatusBadge({ status }: { status: number }) {
  const color = status >= 500 ? 'red' : status >= 400 ? 'orange' : status >= 300 ? 'blue' : 'teal';
  return (
    <Badge variant="light" color={color} ff="monospace" miw="max-content">
      {status}
    </Badge>
  );
}
