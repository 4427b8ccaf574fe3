import { useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SKETCH_BUCKETS, drawStroke, emptySketch, meanError, type Sketch } from './sketch';

const W = 320;
const H = 160;
const PAD = { left: 34, right: 8, top: 8, bottom: 22 };

interface Props {
  seconds: number;
  max: number;
  sketch: Sketch | undefined;
  /** The run's cwnd on the same buckets, after the run. */
  actual: Sketch | null;
  disabled: boolean;
  onChange: (s: Sketch) => void;
}

/** Draw the cwnd you expect over the run; after the run the real one is drawn over it. */
export function SketchPad({ seconds, max, sketch, actual, disabled, onChange }: Props) {
  const { t, i18n } = useTranslation('lessons');
  const last = useRef<{ bucket: number; value: number } | null>(null);
  const svg = useRef<SVGSVGElement | null>(null);
  const current = sketch ?? emptySketch();
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (bucket: number) => PAD.left + ((bucket + 0.5) / SKETCH_BUCKETS) * plotW;
  const y = (v: number) => PAD.top + plotH - (Math.min(Math.max(v, 0), max) / max) * plotH;

  const at = (e: PointerEvent<SVGSVGElement>) => {
    const box = svg.current!.getBoundingClientRect();
    const px = ((e.clientX - box.left) / box.width) * W;
    const py = ((e.clientY - box.top) / box.height) * H;
    const bucket = Math.round(((px - PAD.left) / plotW) * SKETCH_BUCKETS - 0.5);
    const value = ((PAD.top + plotH - py) / plotH) * max;
    return { bucket: Math.min(Math.max(bucket, 0), SKETCH_BUCKETS - 1), value: Math.min(Math.max(value, 0), max) };
  };
  const down = (e: PointerEvent<SVGSVGElement>) => {
    if (disabled) return;
    svg.current?.setPointerCapture?.(e.pointerId);
    const p = at(e);
    last.current = p;
    onChange(drawStroke(current, p.bucket, p.value, p.bucket, p.value));
  };
  const move = (e: PointerEvent<SVGSVGElement>) => {
    if (disabled || !last.current) return;
    const p = at(e);
    onChange(drawStroke(current, last.current.bucket, last.current.value, p.bucket, p.value));
    last.current = p;
  };
  const up = () => {
    last.current = null;
  };

  const path = (s: Sketch) => {
    let d = '';
    let pen = false;
    s.forEach((v, i) => {
      if (v === null) {
        pen = false;
        return;
      }
      d += `${pen ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
      pen = true;
    });
    return d;
  };
  const error = actual ? meanError(current, actual) : null;
  const fmt = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });

  return (
    <div className="lesson-sketch" data-testid="lesson-sketch">
      <p className="lesson-sketch-title">{t('sketch.prompt')}</p>
      <svg
        ref={svg}
        viewBox={`0 0 ${W} ${H}`}
        className={`lesson-sketch-pad${disabled ? '' : ' lesson-sketch-live'}`}
        role="img"
        aria-label={t('sketch.label', { seconds, max })}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerLeave={up}
        data-testid="lesson-sketch-pad"
      >
        <rect x={PAD.left} y={PAD.top} width={plotW} height={plotH} className="lesson-sketch-area" />
        {[0, 0.5, 1].map((f) => (
          <text key={f} x={PAD.left - 4} y={y(f * max) + 3} textAnchor="end" className="lesson-sketch-tick">
            {fmt.format(f * max)}
          </text>
        ))}
        {[0, 0.5, 1].map((f) => (
          <text key={f} x={PAD.left + f * plotW} y={H - 6} textAnchor="middle" className="lesson-sketch-tick">
            {fmt.format(f * seconds)} s
          </text>
        ))}
        {actual && <path d={path(actual)} className="lesson-sketch-actual" data-testid="lesson-sketch-actual" />}
        <path d={path(current)} className="lesson-sketch-guess" data-testid="lesson-sketch-guess" />
      </svg>
      <div className="lesson-sketch-foot">
        <span className="lesson-hint">
          <span className="lesson-sketch-key lesson-sketch-key-guess" /> {t('sketch.yours')}
          {actual && (
            <>
              {' '}
              <span className="lesson-sketch-key lesson-sketch-key-actual" /> {t('sketch.actual')}
            </>
          )}
        </span>
        {!disabled && (
          <button type="button" className="button button-small button-quiet" onClick={() => onChange(emptySketch())}>
            {t('sketch.clear')}
          </button>
        )}
      </div>
      {error !== null && (
        <p className="lesson-hint" data-testid="lesson-sketch-score">
          {t('sketch.score', { error: fmt.format(error) })}
        </p>
      )}
    </div>
  );
}
