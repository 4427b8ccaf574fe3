// Node glyphs by kind, drawn on a canvas around (x, y) within radius r.

import type { NodeKind } from '../generated/types';
import type { Theme } from '../theme';

export function drawNode(ctx: CanvasRenderingContext2D, kind: NodeKind, x: number, y: number, r: number, theme: Theme): void {
  ctx.save();
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = theme.nodeFill;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = theme.nodeStroke;
  ctx.stroke();
  ctx.translate(x, y);
  ctx.strokeStyle = theme.nodeStroke;
  ctx.fillStyle = theme.nodeStroke;
  ctx.lineWidth = Math.max(1.2, r / 12);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  const s = r / 20; // glyphs are designed for r = 20
  ctx.scale(s, s);
  switch (kind) {
    case 'host':
      host(ctx);
      break;
    case 'router':
      router(ctx);
      break;
    case 'satellite':
      satellite(ctx);
      break;
    case 'base_station':
      baseStation(ctx);
      break;
    case 'mobile':
      mobile(ctx);
      break;
  }
  ctx.restore();
}

/** A monitor on a stand. */
function host(ctx: CanvasRenderingContext2D): void {
  roundRect(ctx, -10, -9, 20, 13, 2);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(0, 4);
  ctx.lineTo(0, 8);
  ctx.moveTo(-5, 9);
  ctx.lineTo(5, 9);
  ctx.stroke();
}

/** The usual router symbol: arrows in and out along two axes. */
function router(ctx: CanvasRenderingContext2D): void {
  const arrow = (angle: number, outward: boolean) => {
    ctx.save();
    ctx.rotate(angle);
    ctx.beginPath();
    ctx.moveTo(3, 0);
    ctx.lineTo(11, 0);
    const tip = outward ? 11 : 3;
    const back = outward ? -4 : 4;
    ctx.moveTo(tip + back, -3.5);
    ctx.lineTo(tip, 0);
    ctx.lineTo(tip + back, 3.5);
    ctx.stroke();
    ctx.restore();
  };
  arrow(-Math.PI / 4, true);
  arrow((3 * Math.PI) / 4, true);
  arrow(Math.PI / 4, false);
  arrow((-3 * Math.PI) / 4, false);
}

/** A body with two solar panels and an antenna dish. */
function satellite(ctx: CanvasRenderingContext2D): void {
  ctx.save();
  ctx.rotate(-Math.PI / 6);
  roundRect(ctx, -4, -5, 8, 10, 1.5);
  ctx.fill();
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.moveTo(side * 4, 0);
    ctx.lineTo(side * 6, 0);
    ctx.stroke();
    ctx.strokeRect(side > 0 ? 6 : -15, -4, 9, 8);
    ctx.beginPath();
    ctx.moveTo(side > 0 ? 10.5 : -10.5, -4);
    ctx.lineTo(side > 0 ? 10.5 : -10.5, 4);
    ctx.stroke();
  }
  ctx.beginPath();
  ctx.arc(0, 9, 3, Math.PI, 0);
  ctx.stroke();
  ctx.restore();
}

/** A mast with radio waves. */
function baseStation(ctx: CanvasRenderingContext2D): void {
  ctx.beginPath();
  ctx.moveTo(0, -6);
  ctx.lineTo(-6, 11);
  ctx.moveTo(0, -6);
  ctx.lineTo(6, 11);
  ctx.moveTo(-3.5, 4);
  ctx.lineTo(3.5, 4);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(0, -6, 2, 0, Math.PI * 2);
  ctx.fill();
  for (const radius of [6, 10]) {
    ctx.beginPath();
    ctx.arc(0, -6, radius, -Math.PI * 0.8, -Math.PI * 0.55);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(0, -6, radius, -Math.PI * 0.45, -Math.PI * 0.2);
    ctx.stroke();
  }
}

/** A phone. */
function mobile(ctx: CanvasRenderingContext2D): void {
  roundRect(ctx, -6, -11, 12, 22, 2.5);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(-2, 8);
  ctx.lineTo(2, 8);
  ctx.stroke();
  ctx.globalAlpha = 0.25;
  ctx.fillRect(-4, -8, 8, 13);
}

export function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}
