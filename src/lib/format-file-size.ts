/** File sizes in 1024-based units with the spec's unit names (part 1 §9): Bytes, KB, MB, GB. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (!bytes || bytes <= 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${exponent === 0 ? value : Math.round(value * 100) / 100} ${units[exponent]}`;
}
