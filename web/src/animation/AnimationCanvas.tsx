import { useEffect, useMemo, useRef } from 'react';
import { fitCanvas, readTheme, type Theme } from '../theme';
import { useElementWidth } from '../views/useElementWidth';
import { usePlayback, useRun, useServices, useThemeName } from '../views/services';
import { useSettledVersion } from '../views/useSettledVersion';
import { useFitHeight } from '../views/useFitHeight';
import { useTextSizes } from '../views/useViewScale';
import { smallest } from '../viewScale';
import { formatClock } from '../format';
import { buildScene, drawGauges, drawNote, drawScene, lanePacketLimits, sceneHeight } from './draw';
import { gaugeSeries, gaugesAt } from './gauges';
import { bufferGauges, downAt, outageSeries, sharedBuffers } from './linkState';
import { fadeSimMs, packetsAt } from './packets';
import { TraceWindows } from '../state/traceWindows';
import { StaticLayers } from './staticLayers';
import { useTranslation } from 'react-i18next';

/** Marked once per page: the first frame drawn with a run's packets (what scripts/bench-ui.mjs times from a cold load). */
let firstFrameMarked = false;

/** The network and its packets at the playback time, redrawn by the app's frame loop. */
export function AnimationCanvas() {
  const { store, playback, controller } = useServices();
  const { t: tr } = useTranslation('common');
  const run = useRun();
  const { speed } = usePlayback();
  const themeName = useThemeName();
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const width = useElementWidth(boxRef);
  const { topology, traceTruncatedAtMs, scenario } = run;
  const dataVersion = useSettledVersion(run);
  const text = useTextSizes();
  const natural = sceneHeight(topology, text);
  const height = useFitHeight(boxRef, natural);

  const buffers = useMemo(() => (topology ? sharedBuffers(scenario, topology) : []), [scenario, topology]);
  const scene = useMemo(
    () => (topology && width > 0 ? buildScene(topology, width, height, buffers, text) : null),
    [topology, width, height, buffers, text],
  );
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
    <div className="animation-box" ref={boxRef} style={{ height }}>
      <canvas ref={canvasRef} role="img" aria-label={label} data-testid="animation" data-text-px={smallest(text)} />
    </div>
  );
}
