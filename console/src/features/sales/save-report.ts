// Saves the report the API answered as a file named as the product spec says (§9).
export const reportFileName = 'Sales report.xlsx';

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference by now; give the browser a moment before letting go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
