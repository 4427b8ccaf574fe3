import { useEffect, useMemo, useRef } from 'react';
import { fitCanvas, readTheme, type Theme } from '../theme';
import { useElementWidth } from '../views/useElementWidth';
import { usePlayback, useRun, useServices, useThemeName } from '../views/services';
import { useSettledVersion } from '../views/useSettledVersion';
import { useFitHeight } from '../views/useFitHeight';
import { useTextSizes } from '../views/useViewScale';
import { smallest } from '../viewScale';
import { formatClock } from '../format';
import { drawGauges, drawNote, drawScene } from './draw';
import { buildScene, lanePacketLimits, sceneHeight } from './scene';
import { gaugeSeries, gaugesAt, gaugeSpecs } from './gauges';
import { bufferGauges, bufferGaugeSpecs, downAt, outageChannels, outageSeries, sharedBuffers } from './linkState';
import { canvasMeasure, measuringContext } from './textMeasure';
import { fadeSimMs, packetsAt } from './packets';
import { TraceWindows } from '../state/traceWindows';
import { StaticLayers } from './staticLayers';
import { useTranslation } from 'react-i18next';

/** Marked once per page: the first frame drawn with a run's packets (what scripts/bench-ui.mjs times from a cold load). */
let firstFrameMarked = false;

/** The network and its packets at the playback time, redrawn by the app's frame loop. */
export function AnimationCanvas() {
  const { store, playback, controller } = useServices();
  const { t: tr, i18n } = useTranslation('common');
  const run = useRun();
  const { speed } = usePlayback();
  const themeName = useThemeName();
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const width = useElementWidth(boxRef);
  const { topology, traceTruncatedAtMs, scenario, seriesInfo } = run;
  const dataVersion = useSettledVersion(run);
  const text = useTextSizes();
  const natural = sceneHeight(topology, text);
  const height = useFitHeight(boxRef, natural);

  const buffers = useMemo(() => (topology ? sharedBuffers(scenario, topology) : []), [scenario, topology]);
  const language = i18n.language;
  // The gauges the run will draw, so the layout keeps room for them (labels are in the interface's language).
  const gauges = useMemo(
    () => (topology ? [...gaugeSpecs(seriesInfo, topology), ...bufferGaugeSpecs(buffers, topology)] : []),
    // language: the labels are translated.
    [seriesInfo, topology, buffers, language],
  );
  // Links that go down in this run: the scene keeps room for their "down" marks.
  const outages = useMemo(() => (topology ? outageChannels(seriesInfo, topology) : []), [seriesInfo, topology]);
  const scene = useMemo(() => {
    if (!topology || width <= 0) return null;
    // Labels are measured in the font they are drawn in (which follows the language).
    const font = boxRef.current ? readTheme(boxRef.current).font : 'sans-serif';
    const measure = canvasMeasure(measuringContext(), font);
    return buildScene(topology, width, height, { buffers, text, gauges, measure, outages, downText: tr('network:canvas.down') });
    // language: the font and the word "down" follow it.
  }, [topology, width, height, buffers, text, gauges, outages, language, tr]);
  const delays = useMemo(() => topology?.channels.map((c) => c.delay_ms) ?? [], [topology]);
  // A run too large to keep whole: past the kept trace, windows of it simulated again.
  const windows = useMemo(
    () => (traceTruncatedAtMs !== null ? new TraceWindows((from, to) => controller.traceWindow(from, to), delays, () => playback.invalidate()) : null),
    [traceTruncatedAtMs, controller, delays, playback],
  );

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !scene) return;
    const ctx = fitCanvas(canvas, scene.geometry.width, scene.geometry.height);
    if (!ctx) return;
    const theme: Theme = readTheme(canvas);
    const fade = fadeSimMs(speed);
    const limits = lanePacketLimits(scene);
    // Proxy buffers and Snoop caches, at their nodes (series read once per data change).
    const views = store.getMeta().seriesInfo.flatMap((_, id) => store.seriesView(id) ?? []);
    const gauges = topology ? gaugeSeries(views, topology) : [];
    const outages = topology ? outageSeries(views, topology) : [];
    let shown = '';
    let shownDown = '';
    let shownSource = '';
    const still = new StaticLayers(canvas);
    const scale = Math.max(1, window.devicePixelRatio || 1);
    const off = playback.onFrame((t) => {
      const beyond = windows !== null && traceTruncatedAtMs !== null && t >= traceTruncatedAtMs;
      const trace = beyond ? windows.viewAt(t) : store.traceView();
      const frame = trace ? packetsAt(trace, delays, t, fade, limits) : null;
      const down = downAt(outages, scene.geometry.lanes.length, t);
      drawScene(ctx, scene, frame, theme, down, still.get(scene, theme, down, canvas.width, canvas.height, scale));
      if (frame && !firstFrameMarked) {
        firstFrameMarked = true;
        performance.mark('ackscope:first-frame');
      }
      const all = [...gaugesAt(gauges, t), ...(topology && frame ? bufferGauges(buffers, frame.queues, trace, topology) : [])];
      if (all.length > 0) drawGauges(ctx, scene, all, theme);
      // For tests: the channels drawn down.
      const downNames = down.flatMap((d, c) => (d ? [topology?.channels[c]?.name ?? String(c)] : [])).join(' ');
      if (downNames !== shownDown) {
        shownDown = downNames;
        canvas.setAttribute('data-down', downNames);
      }
      // For tests and benchmarks: how many packets are in view, and how many lanes are aggregated.
      const count = String(frame?.count ?? 0);
      const dense = String(frame?.density.length ?? 0);
      if (`${count}/${dense}` !== shown) {
        shown = `${count}/${dense}`;
        canvas.setAttribute('data-packets', count);
        canvas.setAttribute('data-aggregated', dense);
      }
      if (beyond && trace === null) {
        drawNote(ctx, windows.loading ? tr('layout.windowLoading', { time: formatClock(t) }) : tr('network:canvas.truncated', { time: formatClock(traceTruncatedAtMs) }), theme, scene.text.note);
      }
      // For tests: where the packets drawn come from.
      const source = beyond ? (trace ? 'window' : 'loading') : 'kept';
      if (source !== shownSource) {
        shownSource = source;
        canvas.setAttribute('data-trace', source);
      }
    });
    return off;
    // themeName: the colours are read again when the theme changes.
  }, [scene, delays, speed, store, playback, traceTruncatedAtMs, themeName, topology, dataVersion, buffers, windows, tr]);


  const label = topology
    ? tr('network:canvas.label', { nodes: topology.nodes.map((n) => n.label).join(', ') })
    : tr('network:canvas.labelEmpty');
  return (
    <>
      <div className="animation-box" ref={boxRef} style={{ height }}>
        <canvas ref={canvasRef} role="img" aria-label={label} data-testid="animation" data-text-px={smallest(text)} />
      </div>
      {scene && scene.abbreviations.length > 0 && (
        <p className="animation-abbreviations" data-testid="animation-abbreviations">
          {tr('network:canvas.shortNames', { list: scene.abbreviations.map((a) => tr('network:canvas.shortName', { short: a.short, full: a.full })).join(' \u00b7 ') })}
        </p>
      )}
    </>
  );
}
