import { setImmediate as nextTurn } from 'node:timers/promises';
import { istTimestamp, paiseToRupeesText } from '@app/shared';
import PDFDocument from 'pdfkit';
import type { StatementEntryRow } from './statements.repository.ts';
import { entryCells, type Statement, SUMMARY_COLUMNS } from './statements.summary.ts';

/** Movements per page: each page holds this many rows under the table's header. */
export const PDF_ROWS_PER_PAGE = 40;

const MARGIN = 36;
const ROW_HEIGHT = 16;
/** Columns of the movements table (A4 portrait: 523 points between the margins). */
const COLUMNS = [
  { title: 'Date (IST)', width: 86, align: 'left' },
  { title: 'Type', width: 78, align: 'left' },
  { title: 'Remarks', width: 140, align: 'left' },
  { title: 'Reference', width: 83, align: 'left' },
  { title: 'Amount (INR)', width: 68, align: 'right' },
  { title: 'Balance (INR)', width: 68, align: 'right' },
] as const;

type Doc = InstanceType<typeof PDFDocument>;

function row(doc: Doc, y: number, cells: readonly string[], bold = false): void {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5);
  let x = MARGIN;
  COLUMNS.forEach((col, i) => {
    doc.text(cells[i] ?? '', x + 2, y + 4, {
      width: col.width - 4,
      align: col.align,
      lineBreak: false,
      ellipsis: true,
      height: ROW_HEIGHT,
    });
    x += col.width;
  });
  doc
    .moveTo(MARGIN, y + ROW_HEIGHT)
    .lineTo(MARGIN + 523, y + ROW_HEIGHT)
    .lineWidth(0.3)
    .strokeColor('#bbbbbb')
    .stroke();
}

function title(doc: Doc, s: Statement, page: number): number {
  doc.font('Helvetica-Bold').fontSize(13).fillColor('#000000');
  doc.text('Account statement: real balance (INR)', MARGIN, MARGIN, { lineBreak: false });
  doc.font('Helvetica').fontSize(8.5);
  doc.text(
    `${s.username ?? ''}   Period ${s.from} to ${s.to} (India time)   Page ${page}`,
    MARGIN,
    MARGIN + 18,
    { lineBreak: false },
  );
  return MARGIN + 36;
}

/** The summary per financial year: one column per year, one row per figure. */
function summary(doc: Doc, s: Statement, top: number): number {
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Summary per financial year (1 April to 31 March)', MARGIN, top);
  let y = top + 16;
  const labelWidth = 110;
  const yearWidth = Math.min(100, (523 - labelWidth) / Math.max(1, s.years.length));
  const line = (label: string, cells: string[], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    doc.text(label, MARGIN, y + 3, { width: labelWidth, lineBreak: false });
    cells.forEach((cell, i) => {
      doc.text(cell, MARGIN + labelWidth + i * yearWidth, y + 3, {
        width: yearWidth - 4,
        align: 'right',
        lineBreak: false,
      });
    });
    y += 13;
  };
  line(
    'Financial year',
    s.years.map((yr) => yr.year),
    true,
  );
  line(
    'Days',
    s.years.map((yr) => `${yr.from.slice(5)} to ${yr.to.slice(5)}`),
  );
  for (const [key, label] of SUMMARY_COLUMNS) {
    line(
      label,
      s.years.map((yr) => paiseToRupeesText(yr[key])),
      key === 'net' || key === 'closing',
    );
  }
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor('#555555')
    .text(
      'Withdrawals are net of returned ones; staked is net of refunded stakes; net result = paid out - staked.',
      MARGIN,
      y + 4,
      { width: 523 },
    )
    .fillColor('#000000');
  return y + 24;
}

/**
 * The statement as a PDF, streamed: a header and the summary per financial year on the first
 * page, then the movements, PDF_ROWS_PER_PAGE to a page with the table's header on each. Built
 * with pdfkit's standard fonts (no font files), so amounts say INR rather than the rupee sign.
 * Each chunk pdfkit writes is handed on once a batch of rows is laid out; the next batch is
 * read only when the reader wants more.
 */
export async function* statementPdf(
  statement: Statement,
  batches: AsyncIterable<StatementEntryRow[]>,
  generatedAt: Date,
): AsyncGenerator<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Account statement ${statement.from} to ${statement.to}`, Producer: 'statement' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.once('end', resolve);
    doc.once('error', reject);
  });
  const take = () => Buffer.concat(chunks.splice(0));

  let page = 1;
  let y = summary(doc, statement, title(doc, statement, page));
  doc
    .font('Helvetica')
    .fontSize(7)
    .text(`Generated ${istTimestamp(generatedAt)}`, MARGIN, y - 8, { lineBreak: false });
  let onPage = 0;
  const header = () => {
    row(
      doc,
      y,
      COLUMNS.map((c) => c.title),
      true,
    );
    y += ROW_HEIGHT;
  };
  y += 8;
  header();
  row(doc, y, [
    `${statement.from} 00:00:00`,
    'Opening balance',
    '',
    '',
    '',
    paiseToRupeesText(statement.opening),
  ]);
  y += ROW_HEIGHT;
  onPage++;

  for await (const rows of batches) {
    for (const r of rows) {
      if (onPage >= PDF_ROWS_PER_PAGE || y + 2 * ROW_HEIGHT > doc.page.height - MARGIN) {
        doc.addPage();
        page++;
        y = title(doc, statement, page);
        header();
        onPage = 0;
      }
      const c = entryCells(r);
      row(doc, y, [c.at, c.type, c.remarks, c.reference, c.amount, c.balance]);
      y += ROW_HEIGHT;
      onPage++;
    }
    // pdfkit emits what it wrote on the next turn at the latest.
    await nextTurn();
    if (chunks.length > 0) yield take();
  }
  row(doc, y, ['', 'Closing balance', '', '', '', paiseToRupeesText(statement.closing)], true);
  doc.end();
  await ended;
  yield take();
}
