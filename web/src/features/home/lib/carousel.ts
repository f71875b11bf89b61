/** The slide a scroll position shows: the nearest whole slide, within range. */
export function slideFromScroll(scrollLeft: number, slideWidth: number, count: number): number {
  if (slideWidth <= 0 || count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.round(scrollLeft / slideWidth)));
}

export const nextSlide = (index: number, count: number) => (count > 0 ? (index + 1) % count : 0);
