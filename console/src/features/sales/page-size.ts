// How many sales a page holds, from the window's height (product spec §9): 5 rows under 500 px,
// otherwise (height − 200) / 18 + 1 rows, rounded down (a partly visible row is not counted).
export const minHeight = 500;

export function salesPageSize(windowHeight: number): number {
  if (windowHeight < minHeight) return 5;
  return Math.floor((windowHeight - 200) / 18 + 1);
}
