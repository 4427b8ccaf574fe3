// The part of CanvasRenderingContext2D that drawLayers uses, recording SVG
// instead of pixels: the plot drawn for export is the one on screen, from the
// same code.

function num(v: number): string {
  return String(Math.round(v * 100) / 100);
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

interface State {
  strokeStyle: string;
  fillStyle: string;
  lineWidth: number;
  globalAlpha: number;
  dash: number[];
  lineJoin: string;
}

export class SvgContext {
  strokeStyle = '#000';
  fillStyle = '#000';
  lineWidth = 1;
  globalAlpha = 1;
  lineJoin = 'miter';
  lineCap = 'butt';
  font = '11px sans-serif';
  textAlign = 'start';
  textBaseline = 'alphabetic';
  private dash: number[] = [];
  private d: string[] = [];
  private readonly stack: State[] = [];
  private readonly out: string[] = [];

  /** The SVG elements drawn so far. */
  elements(): string {
    return this.out.join('\n');
  }

  save(): void {
    this.stack.push({
      strokeStyle: this.strokeStyle,
      fillStyle: this.fillStyle,
      lineWidth: this.lineWidth,
      globalAlpha: this.globalAlpha,
      dash: this.dash,
      lineJoin: this.lineJoin,
    });
  }

  restore(): void {
    const s = this.stack.pop();
    if (!s) return;
    this.strokeStyle = s.strokeStyle;
    this.fillStyle = s.fillStyle;
    this.lineWidth = s.lineWidth;
    this.globalAlpha = s.globalAlpha;
    this.dash = s.dash;
    this.lineJoin = s.lineJoin;
  }

  setLineDash(dash: number[]): void {
    this.dash = [...dash];
  }

  // The exported plot is clipped as a whole by its caller.
  clip(): void {}
  clearRect(): void {}

  beginPath(): void {
    this.d = [];
  }

  moveTo(x: number, y: number): void {
    this.d.push(`M${num(x)} ${num(y)}`);
  }

  lineTo(x: number, y: number): void {
    this.d.push(`L${num(x)} ${num(y)}`);
  }

  closePath(): void {
    this.d.push('Z');
  }

  rect(x: number, y: number, w: number, h: number): void {
    this.d.push(`M${num(x)} ${num(y)}h${num(w)}v${num(h)}h${num(-w)}Z`);
  }

  arc(x: number, y: number, r: number): void {
    // Full circles only (the markers): two half arcs.
    this.d.push(`M${num(x - r)} ${num(y)}a${num(r)} ${num(r)} 0 1 0 ${num(2 * r)} 0a${num(r)} ${num(r)} 0 1 0 ${num(-2 * r)} 0Z`);
  }

  fill(): void {
    if (this.d.length === 0) return;
    this.out.push(`<path d="${this.d.join('')}" fill="${escapeXml(this.fillStyle)}"${this.alpha()}/>`);
  }

  stroke(): void {
    if (this.d.length === 0) return;
    const dash = this.dash.length > 0 ? ` stroke-dasharray="${this.dash.map(num).join(' ')}"` : '';
    this.out.push(
      `<path d="${this.d.join('')}" fill="none" stroke="${escapeXml(this.strokeStyle)}" stroke-width="${num(this.lineWidth)}" stroke-linejoin="${this.lineJoin}"${dash}${this.alpha()}/>`,
    );
  }

  fillRect(x: number, y: number, w: number, h: number): void {
    this.out.push(`<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" fill="${escapeXml(this.fillStyle)}"${this.alpha()}/>`);
  }

  private alpha(): string {
    return this.globalAlpha < 1 ? ` opacity="${num(this.globalAlpha)}"` : '';
  }
}
