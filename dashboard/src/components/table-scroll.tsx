import type { ComponentChildren } from "preact";

/**
 * A table's box, which scrolls sideways on a narrow screen instead of the page. It is focusable and
 * named, so a keyboard user can scroll it too (axe's scrollable-region-focusable).
 */
export const TableScroll = ({ label, children }: { label: string; children: ComponentChildren }) => (
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard.
  <section class="table-scroll" aria-label={`${label} table`} tabIndex={0}>
    {children}
  </section>
);
