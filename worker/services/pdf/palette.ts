import { rgb, type RGB } from 'pdf-lib';

/** The platform's ink on paper: both PDFs print in the same navy and body colour. */
export const NAVY = rgb(0.09, 0.2, 0.36);
export const INK = rgb(0.13, 0.15, 0.19);

// The document palette of the paged PDFs (tables, notes, panels).
export const MUTED = rgb(0.4, 0.44, 0.5);
export const RULE = rgb(0.82, 0.85, 0.89);
export const HAIRLINE = rgb(0.9, 0.92, 0.94);
export const PANEL = rgb(0.965, 0.972, 0.98);

/** A pill's colours: its text and its background. */
export interface Tone {
  ink: RGB;
  tint: RGB;
}
export const RED: Tone = { ink: rgb(0.7, 0.1, 0.1), tint: rgb(0.99, 0.9, 0.9) };
export const AMBER: Tone = { ink: rgb(0.6, 0.36, 0), tint: rgb(1, 0.94, 0.79) };
export const GREEN: Tone = { ink: rgb(0.07, 0.43, 0.21), tint: rgb(0.87, 0.96, 0.89) };
export const BLUE: Tone = { ink: rgb(0.12, 0.32, 0.62), tint: rgb(0.89, 0.93, 0.99) };
export const GREY: Tone = { ink: rgb(0.34, 0.37, 0.42), tint: rgb(0.91, 0.92, 0.94) };
