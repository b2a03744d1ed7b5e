/**
 * Spec part 2 §9: 0.8 and above green, 0.6 and above yellow, below red. The
 * spec names the badge variants it used (destructive, default, secondary),
 * whose colours in our theme are red, dark and grey, so the colours are set
 * explicitly instead, with text dark or light enough to read (WCAG AA).
 */
export function confidenceLevel(confidence: number): { level: 'high' | 'medium' | 'low'; className: string } {
  if (confidence >= 0.8) return { level: 'high', className: 'bg-green-700 text-white' };
  if (confidence >= 0.6) return { level: 'medium', className: 'bg-yellow-300 text-yellow-950' };
  return { level: 'low', className: 'bg-red-700 text-white' };
}
