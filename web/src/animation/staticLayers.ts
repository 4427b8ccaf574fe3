// The still parts of the network picture (lanes, link labels, nodes and their
// names) drawn once into two layers of their own and copied into every frame:
// a frame then draws only what moves. Text is the costly part of a canvas
// frame (shaping, measuring for wrapped names), and it never changes while a
// run plays.

import type { Theme } from '../theme';
import { drawOver, drawUnder, type StillLayers } from './draw';
import type { Scene } from './scene';

/**
 * A layer: a canvas element outside the page, named after the canvas it is
 * drawn on (`data-layer-of`), so whatever reads a canvas' text by its name
 * (the end-to-end tests' text recorder) finds the still text too.
 */
function makeLayer(owner: HTMLCanvasElement, width: number, height: number): HTMLCanvasElement {
  const c = owner.ownerDocument.createElement('canvas');
  c.width = width;
  c.height = height;
  if (owner.dataset.testid) c.dataset.layerOf = owner.dataset.testid;
  return c;
}

export class StaticLayers {
  constructor(private readonly owner: HTMLCanvasElement) {}

  private key: { scene: Scene; theme: Theme; down: string; w: number; h: number } | null = null;
  private layers: StillLayers | null = null;

  /**
   * The layers for a scene on a canvas of `pixelW` x `pixelH` device pixels at
   * `scale` device pixels per CSS pixel (drawn again when any of these or the
   * links that are down change). Null where a layer has no 2D context.
   */
  get(scene: Scene, theme: Theme, down: readonly boolean[], pixelW: number, pixelH: number, scale: number): StillLayers | null {
    const downKey = down.map((d) => (d ? '1' : '0')).join('');
    const k = this.key;
    if (k && k.scene === scene && k.theme === theme && k.down === downKey && k.w === pixelW && k.h === pixelH) return this.layers;
    const under = makeLayer(this.owner, pixelW, pixelH);
    const over = makeLayer(this.owner, pixelW, pixelH);
    const uctx = under.getContext('2d');
    const octx = over.getContext('2d');
    this.key = { scene, theme, down: downKey, w: pixelW, h: pixelH };
    if (!uctx || !octx) {
      this.layers = null;
      return null;
    }
    uctx.setTransform(scale, 0, 0, scale, 0, 0);
    octx.setTransform(scale, 0, 0, scale, 0, 0);
    drawUnder(uctx, scene, theme, down);
    drawOver(octx, scene, theme, down);
    this.layers = { under, over };
    return this.layers;
  }
}
