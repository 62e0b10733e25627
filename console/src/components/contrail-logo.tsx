// The Contrail mark: a plane drawing its trail. Decorative: the product name is always beside it.
export function ContrailLogo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-indigo-8)" />
      <path
        d="M5 22c6-1 11-4 15-9"
        stroke="var(--mantine-color-indigo-1)"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M19 9l8-3-3 8-2-3z" fill="var(--mantine-color-white)" />
    </svg>
  );
}
