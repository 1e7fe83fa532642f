import { forwardRef, useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';
import { css } from 'styled-system/css';

const padStyle = css({
  width: '100%',
  height: '40',
  borderWidth: '2px',
  borderStyle: 'dashed',
  borderColor: 'fg.subtle',
  borderRadius: 'md',
  bg: 'white',
  touchAction: 'none',
});

/**
 * A finger-drawn signature pad on a canvas (the talk sheet, the trainee's acknowledgement).
 * `onBeginStroke` runs when a stroke starts, with the pad.
 */
export function useSignaturePad(onBeginStroke?: (pad: SignaturePad) => void) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  // The first handler is kept: the pad is made once, when the canvas is in the page.
  const beginStroke = useRef(onBeginStroke);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    // Drawn at the device's pixel density so the stored image is sharp, and white so it prints.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext('2d')?.scale(ratio, ratio);
    const made = new SignaturePad(element, { backgroundColor: 'rgb(255,255,255)' });
    const onStroke = beginStroke.current;
    if (onStroke) made.addEventListener('beginStroke', () => onStroke(made));
    pad.current = made;
    return () => {
      made.off();
      pad.current = null;
    };
  }, []);

  return { canvas, pad };
}

/** The pad's label and canvas; the canvas is an image named by the label, for assistive technology. */
export const SignatureCanvas = forwardRef<HTMLCanvasElement, { label: string; labelId: string; testId: string }>(
  function SignatureCanvas({ label, labelId, testId }, ref) {
    return (
      <>
        <p id={labelId} className={css({ fontWeight: 'medium', fontSize: 'sm' })}>
          {label}
        </p>
        <canvas ref={ref} aria-labelledby={labelId} role="img" data-testid={testId} className={padStyle} />
      </>
    );
  },
);
