// Geometry on routed arrows: clipping a route to a box border and finding points along it.

export interface Point {
  x: number;
  y: number;
}

export type Box = { x: number; y: number; width: number; height: number };

function clipToBox(from: Point, to: Point, box: { x: number; y: number; width: number; height: number }): Point {
  // `from` inside, `to` outside: walk the segment to the box border.
  const inside = (p: Point) => p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    const p = { x: from.x + (to.x - from.x) * mid, y: from.y + (to.y - from.y) * mid };
    if (inside(p)) lo = mid;
    else hi = mid;
  }
  return { x: from.x + (to.x - from.x) * hi, y: from.y + (to.y - from.y) * hi };
}

export function pointAtHalfLength(points: Point[]): Point {
  return pointAtFraction(points, 0.5);
}

export function pointAtFraction(points: Point[], fraction: number): Point {
  const lengths = points.slice(1).map((p, i) => Math.hypot(p.x - points[i].x, p.y - points[i].y));
  let rest = lengths.reduce((a, b) => a + b, 0) * fraction;
  for (let i = 0; i < lengths.length; i++) {
    if (rest <= lengths[i] && lengths[i] > 0) {
      const f = rest / lengths[i];
      return {
        x: points[i].x + (points[i + 1].x - points[i].x) * f,
        y: points[i].y + (points[i + 1].y - points[i].y) * f,
      };
    }
    rest -= lengths[i];
  }
  return points[points.length - 1];
}

export function clipEnds(points: Point[], sourceBox: Box | null, targetBox: Box | null): Point[] {
  let out = points;
  const outside = (p: Point, b: Box) => p.x < b.x || p.x > b.x + b.width || p.y < b.y || p.y > b.y + b.height;
  if (sourceBox) {
    const i = out.findIndex((p) => outside(p, sourceBox));
    if (i > 0) out = [clipToBox(out[i - 1], out[i], sourceBox), ...out.slice(i)];
  }
  if (targetBox) {
    let j = -1;
    for (let k = out.length - 1; k >= 0; k--) {
      if (outside(out[k], targetBox)) {
        j = k;
        break;
      }
    }
    if (j >= 0 && j < out.length - 1) out = [...out.slice(0, j + 1), clipToBox(out[j + 1], out[j], targetBox)];
  }
  return out;
}
