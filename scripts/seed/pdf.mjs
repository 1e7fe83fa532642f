import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/*
 * Renders a training handout (title band, headings, paragraphs, bullet lists, call-outs, tables,
 * footer with page numbers) from a plain description. Standard fonts only: nothing to embed, so a
 * 3-page handout is a few KB and renders in milliseconds.
 *
 * Rich text: a string, or an array of runs where a run is a string or { b: 'bold text' }.
 */

const PAGE = { width: 612, height: 792 }; // US Letter
const MARGIN = { left: 60, right: 60, top: 64, bottom: 72 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;

const INK = rgb(0.13, 0.16, 0.2);
const MUTED = rgb(0.42, 0.46, 0.52);
const NAVY = rgb(0.07, 0.15, 0.23);
const RULE = rgb(0.85, 0.87, 0.9);
const WHITE = rgb(1, 1, 1);

const ACCENTS = {
  red: rgb(0.78, 0.16, 0.16),
  amber: rgb(0.87, 0.52, 0.02),
  blue: rgb(0.08, 0.4, 0.75),
  green: rgb(0.18, 0.49, 0.2),
  purple: rgb(0.42, 0.23, 0.6),
};

function tint(color, amount) {
  const { red, green, blue } = color;
  return rgb(red + (1 - red) * amount, green + (1 - green) * amount, blue + (1 - blue) * amount);
}

/**
 * Text width as viewers draw it. pdf-lib's widthOfTextAtSize subtracts kerning pairs ("Yo", "Te")
 * that drawText never applies, so measuring whole words would place the next word too close.
 */
const glyphWidths = new WeakMap();
function measure(font, text, size) {
  let widths = glyphWidths.get(font);
  if (!widths) glyphWidths.set(font, (widths = new Map()));
  let total = 0;
  for (const ch of text) {
    let w = widths.get(ch);
    if (w === undefined) widths.set(ch, (w = font.widthOfTextAtSize(ch, 1000)));
    total += w;
  }
  return (total * size) / 1000;
}

/** Turns rich text into words, each carrying its font, so mixed bold/regular lines wrap correctly. */
function toWords(rich, fonts) {
  const runs = Array.isArray(rich) ? rich : [rich];
  const words = [];
  let pendingSpace = false;
  for (const run of runs) {
    const bold = typeof run === 'object';
    const font = bold ? fonts.bold : fonts.regular;
    for (const part of (bold ? run.b : run).split(/(\s+)/)) {
      if (part === '') continue;
      if (/^\s+$/.test(part)) {
        pendingSpace = true;
        continue;
      }
      words.push({ text: part, font, spaceBefore: words.length > 0 && pendingSpace });
      pendingSpace = false;
    }
  }
  return words;
}

/**
 * Greedy line breaking; returns lines of words with x offsets. Words glued without a space
 * ("Class A" in bold followed by ":") break as one unit.
 */
function layout(rich, fonts, size, maxWidth) {
  const groups = [];
  for (const word of toWords(rich, fonts)) {
    if (groups.length === 0 || word.spaceBefore) groups.push([word]);
    else groups[groups.length - 1].push(word);
  }
  const lines = [];
  let line = [];
  let x = 0;
  for (const group of groups) {
    const widths = group.map((word) => measure(word.font, word.text, size));
    const groupWidth = widths.reduce((a, b) => a + b, 0);
    const gap = line.length > 0 ? measure(group[0].font, ' ', size) : 0;
    if (line.length > 0 && x + gap + groupWidth > maxWidth) {
      lines.push(line);
      line = [];
      x = 0;
    }
    x += line.length > 0 ? gap : 0;
    group.forEach((word, i) => {
      line.push({ ...word, spaceBefore: line.length > 0 && i === 0, x });
      x += widths[i];
    });
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

function drawLine(page, line, x, y, size, color) {
  // Draw consecutive words of the same font as one string: smaller PDF, better copy-paste.
  let i = 0;
  while (i < line.length) {
    let j = i;
    let text = line[i].text;
    while (j + 1 < line.length && line[j + 1].font === line[i].font) {
      j += 1;
      text += (line[j].spaceBefore ? ' ' : '') + line[j].text;
    }
    page.drawText(text, { x: x + line[i].x, y, size, font: line[i].font, color });
    i = j + 1;
  }
}

class Writer {
  constructor(pdf, fonts, spec) {
    this.pdf = pdf;
    this.fonts = fonts;
    this.spec = spec;
    this.accent = ACCENTS[spec.accent] ?? ACCENTS.blue;
    this.page = null;
    this.y = 0;
  }

  newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    const first = this.pdf.getPageCount() === 1;
    if (first) {
      this.drawTitleBand();
    } else {
      const { page, fonts } = this;
      const top = PAGE.height - 40;
      page.drawText('SAFEWORK ACADEMY', { x: MARGIN.left, y: top, size: 8, font: fonts.bold, color: this.accent });
      const title = this.spec.title;
      const w = measure(fonts.regular, title, 8);
      page.drawText(title, { x: PAGE.width - MARGIN.right - w, y: top, size: 8, font: fonts.regular, color: MUTED });
      page.drawLine({
        start: { x: MARGIN.left, y: top - 8 },
        end: { x: PAGE.width - MARGIN.right, y: top - 8 },
        thickness: 0.75,
        color: RULE,
      });
      this.y = PAGE.height - MARGIN.top - 8;
    }
  }

  drawTitleBand() {
    const { page, fonts, spec } = this;
    const bandHeight = 150;
    const bandBottom = PAGE.height - bandHeight;
    page.drawRectangle({ x: 0, y: bandBottom, width: PAGE.width, height: bandHeight, color: NAVY });
    page.drawRectangle({ x: 0, y: bandBottom, width: PAGE.width, height: 5, color: this.accent });
    page.drawRectangle({ x: MARGIN.left, y: PAGE.height - 44, width: 4, height: 14, color: this.accent });
    page.drawText('SAFEWORK ACADEMY', {
      x: MARGIN.left + 12,
      y: PAGE.height - 42,
      size: 10,
      font: fonts.bold,
      color: WHITE,
    });
    const kicker = `${spec.category.toUpperCase()}  |  ${spec.kind ?? 'TRAINING HANDOUT'}`;
    const kw = measure(fonts.regular, kicker, 8.5);
    page.drawText(kicker, {
      x: PAGE.width - MARGIN.right - kw,
      y: PAGE.height - 41,
      size: 8.5,
      font: fonts.regular,
      color: tint(NAVY, 0.7),
    });
    const titleLines = layout([{ b: spec.title }], fonts, 24, CONTENT_WIDTH);
    let y = PAGE.height - 82;
    for (const line of titleLines) {
      drawLine(page, line, MARGIN.left, y, 24, WHITE);
      y -= 29;
    }
    if (spec.subtitle) {
      for (const line of layout(spec.subtitle, fonts, 11.5, CONTENT_WIDTH)) {
        drawLine(page, line, MARGIN.left, y + 4, 11.5, tint(NAVY, 0.78));
        y -= 15;
      }
    }
    // Document control strip, the way EHS departments issue controlled documents.
    const meta = [
      ['Document', spec.code],
      ['Revision', spec.revision],
      ['Applies to', spec.audience],
    ];
    let x = MARGIN.left;
    const stripY = bandBottom - 30;
    for (const [label, value] of meta) {
      page.drawText(label.toUpperCase(), { x, y: stripY + 11, size: 7, font: fonts.bold, color: MUTED });
      page.drawText(value, { x, y: stripY, size: 9.5, font: fonts.regular, color: INK });
      x += label === 'Applies to' ? 0 : 130;
    }
    page.drawLine({
      start: { x: MARGIN.left, y: stripY - 12 },
      end: { x: PAGE.width - MARGIN.right, y: stripY - 12 },
      thickness: 0.75,
      color: RULE,
    });
    this.y = stripY - 36;
  }

  ensure(height) {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  heading(text) {
    this.ensure(70); // keep a heading with at least a few lines of its section
    this.y -= 8;
    const { page, fonts } = this;
    page.drawRectangle({ x: MARGIN.left, y: this.y - 2, width: 3, height: 15, color: this.accent });
    page.drawText(text, { x: MARGIN.left + 11, y: this.y, size: 14, font: fonts.bold, color: NAVY });
    this.y -= 24;
  }

  paragraph(rich, { size = 10.5, color = INK, indent = 0, after = 8 } = {}) {
    const lines = layout(rich, this.fonts, size, CONTENT_WIDTH - indent);
    const leading = size * 1.42;
    for (const line of lines) {
      this.ensure(leading);
      drawLine(this.page, line, MARGIN.left + indent, this.y, size, color);
      this.y -= leading;
    }
    this.y -= after;
  }

  list(items, numbered) {
    const size = 10.5;
    const leading = size * 1.42;
    const indent = 20;
    items.forEach((item, i) => {
      const lines = layout(item, this.fonts, size, CONTENT_WIDTH - indent);
      this.ensure(leading * Math.min(lines.length, 2));
      if (numbered) {
        const label = `${i + 1}.`;
        this.page.drawText(label, { x: MARGIN.left + 2, y: this.y, size, font: this.fonts.bold, color: this.accent });
      } else {
        this.page.drawCircle({ x: MARGIN.left + 6, y: this.y + 3.6, size: 2.2, color: this.accent });
      }
      lines.forEach((line, n) => {
        if (n > 0) this.ensure(leading);
        drawLine(this.page, line, MARGIN.left + indent, this.y, size, INK);
        this.y -= leading;
      });
      this.y -= 3;
    });
    this.y -= 6;
  }

  callout({ title, text }) {
    const size = 10;
    const leading = size * 1.4;
    const pad = 12;
    const lines = layout(text, this.fonts, size, CONTENT_WIDTH - 2 * pad - 4);
    const height = pad + 14 + lines.length * leading + pad - 4;
    this.ensure(height + 10);
    const top = this.y + 10;
    this.page.drawRectangle({
      x: MARGIN.left,
      y: top - height,
      width: CONTENT_WIDTH,
      height,
      color: tint(this.accent, 0.9),
    });
    this.page.drawRectangle({ x: MARGIN.left, y: top - height, width: 4, height, color: this.accent });
    let y = top - pad - 9;
    this.page.drawText(title.toUpperCase(), {
      x: MARGIN.left + pad + 4,
      y,
      size: 8.5,
      font: this.fonts.bold,
      color: this.accent,
    });
    y -= 16;
    for (const line of lines) {
      drawLine(this.page, line, MARGIN.left + pad + 4, y, size, INK);
      y -= leading;
    }
    this.y = top - height - 18;
  }

  table({ columns, rows }) {
    const size = 9.5;
    const leading = size * 1.35;
    const pad = 6;
    const totalWeight = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => (c.width / totalWeight) * CONTENT_WIDTH);
    const drawRow = (cells, header) => {
      const laid = cells.map((cell, i) => layout(header ? [{ b: cell }] : cell, this.fonts, size, widths[i] - 2 * pad));
      const height = Math.max(...laid.map((l) => l.length)) * leading + 2 * pad - 2;
      if (this.y - height < MARGIN.bottom) {
        this.newPage();
        if (!header)
          drawRow(
            columns.map((c) => c.title),
            true,
          );
      }
      const top = this.y + size + pad - 2;
      if (header) {
        this.page.drawRectangle({ x: MARGIN.left, y: top - height, width: CONTENT_WIDTH, height, color: NAVY });
      } else {
        this.page.drawLine({
          start: { x: MARGIN.left, y: top - height },
          end: { x: MARGIN.left + CONTENT_WIDTH, y: top - height },
          thickness: 0.5,
          color: RULE,
        });
      }
      let x = MARGIN.left;
      laid.forEach((lines, i) => {
        let y = this.y;
        for (const line of lines) {
          drawLine(this.page, line, x + pad, y, size, header ? WHITE : INK);
          y -= leading;
        }
        x += widths[i];
      });
      this.y -= height;
    };
    this.ensure(60);
    drawRow(
      columns.map((c) => c.title),
      true,
    );
    rows.forEach((row, index) => {
      // Zebra striping: drawn before the text of the row, so measure the row first.
      if (index % 2 === 1) {
        const laid = row.map((cell, i) => layout(cell, this.fonts, size, widths[i] - 2 * pad));
        const height = Math.max(...laid.map((l) => l.length)) * leading + 2 * pad - 2;
        if (this.y - height >= MARGIN.bottom) {
          const top = this.y + size + pad - 2;
          this.page.drawRectangle({
            x: MARGIN.left,
            y: top - height,
            width: CONTENT_WIDTH,
            height,
            color: rgb(0.965, 0.97, 0.98),
          });
        }
      }
      drawRow(row, false);
    });
    this.y -= 16;
  }

  footers() {
    const pages = this.pdf.getPages();
    const { fonts, spec } = this;
    pages.forEach((page, i) => {
      const y = 40;
      page.drawLine({
        start: { x: MARGIN.left, y: y + 14 },
        end: { x: PAGE.width - MARGIN.right, y: y + 14 },
        thickness: 0.75,
        color: RULE,
      });
      const left = `SafeWork Academy  |  ${spec.code} Rev. ${spec.revision}  |  Uncontrolled when printed`;
      page.drawText(left, { x: MARGIN.left, y, size: 8, font: fonts.regular, color: MUTED });
      const right = `Page ${i + 1} of ${pages.length}`;
      const w = measure(fonts.bold, right, 8);
      page.drawText(right, { x: PAGE.width - MARGIN.right - w, y, size: 8, font: fonts.bold, color: NAVY });
    });
  }
}

/**
 * spec: { title, subtitle, category, code, revision, audience, accent, blocks: [
 *   { h } | { p } | { bullets: [] } | { steps: [] } | { callout: { title, text } } |
 *   { table: { columns: [{ title, width }], rows: [[rich...]] } } | { pageBreak: true } ] }
 */
export async function renderHandout(spec) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(spec.title);
  pdf.setAuthor('SafeWork Academy EHS Department');
  pdf.setSubject(spec.subtitle ?? spec.title);
  pdf.setCreator('SafeWork Academy');
  pdf.setProducer('SafeWork Academy (pdf-lib)');
  // A fixed date keeps the bytes reproducible from one seed to the next.
  const date = new Date(`${spec.revision}T00:00:00Z`);
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const w = new Writer(pdf, fonts, spec);
  w.newPage();
  for (const block of spec.blocks) {
    if (block.h) w.heading(block.h);
    else if (block.p) w.paragraph(block.p);
    else if (block.bullets) w.list(block.bullets, false);
    else if (block.steps) w.list(block.steps, true);
    else if (block.callout) w.callout(block.callout);
    else if (block.table) w.table(block.table);
    else if (block.pageBreak) w.newPage();
    else throw new Error(`Unknown handout block: ${JSON.stringify(block)}`);
  }
  w.footers();
  return pdf.save();
}
