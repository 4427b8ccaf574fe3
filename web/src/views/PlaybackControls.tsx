import { useTranslation } from 'react-i18next';
import { useEffect, useId, useRef } from 'react';
import { formatClock } from '../format';
import { formatSpeed, sliderFromSpeed, speedFromSlider } from '../playback/clock';
import { usePlayback, useServices } from './services';
import { follower } from './events/follow';

/** Play/pause, speed, a scrub slider over the run and the time readout. */
export function PlaybackControls() {
  const { playback, events } = useServices();
  const snap = usePlayback();
  const speedId = useId();
  const scrubId = useId();
  const scrubRef = useRef<HTMLInputElement>(null);
  const timeRef = useRef<HTMLOutputElement>(null);
  const dragging = useRef(false);
  const disabled = snap.endMs <= 0;
  const { t } = useTranslation('network');

  // The slider and readout follow the clock without re-rendering React. Each
  // change lays out and repaints part of the page (and makes the browser
  // hit-test the page under the mouse again), so while playing they change at
  // most ten times a second, on the same frames as the event list; paused
  // (seeking, stepping), at once.
  useEffect(() => {
    const scrub = scrubRef.current;
    const due = follower();
    return playback.onFrame((t) => {
      if (!due(playback.getSnapshot().playing, performance.now())) return;
      if (scrub) {
        if (!dragging.current) scrub.value = String(t);
        scrub.setAttribute('aria-valuetext', formatClock(t));
      }
      if (timeRef.current) timeRef.current.textContent = formatClock(t);
    });
  }, [playback]);

  return (
    <div className="playback" role="group" aria-label={t('playback.group')} data-playing={snap.playing}>
      <button
        type="button"
        className="play-button"
        aria-label={snap.playing ? t('playback.pause') : t('playback.play')}
        title={snap.playing ? t('playback.pauseTitle') : t('playback.playTitle')}
        disabled={disabled}
        onClick={() => playback.toggle()}
        data-testid="play"
      >
        {snap.playing ? (
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <rect x="3.5" y="2.5" width="3" height="11" rx="1" fill="currentColor" />
            <rect x="9.5" y="2.5" width="3" height="11" rx="1" fill="currentColor" />
          </svg>
        ) : (
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
          </svg>
        )}
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={t('playback.start')}
        title={t('playback.start')}
        disabled={disabled}
        onClick={() => playback.seek(0)}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M3 3v10M13 3L6 8l7 5z" stroke="currentColor" strokeWidth="1.6" fill="currentColor" strokeLinejoin="round" />
        </svg>
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={t('playback.previous')}
        title={t('playback.previousTitle')}
        disabled={disabled}
        onClick={() => events.step(-1)}
        data-testid="step-back"
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M12 3L5 8l7 5z" fill="currentColor" />
          <path d="M3.5 3v10" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={t('playback.next')}
        title={t('playback.nextTitle')}
        disabled={disabled}
        onClick={() => events.step(1)}
        data-testid="step"
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M4 3l7 5-7 5z" fill="currentColor" />
          <path d="M12.5 3v10" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <div className="scrub">
        <label htmlFor={scrubId} className="visually-hidden">
          {t('playback.time')}
        </label>
        <input
          id={scrubId}
          ref={scrubRef}
          type="range"
          min={0}
          max={Math.max(snap.endMs, 1)}
          step="any"
          defaultValue={snap.cursorMs}
          disabled={disabled}
          onPointerDown={() => (dragging.current = true)}
          onPointerUp={() => (dragging.current = false)}
          onBlur={() => (dragging.current = false)}
          onInput={(e) => playback.seek(Number(e.currentTarget.value))}
          data-testid="scrub"
        />
      </div>
      <output className="time-readout" ref={timeRef} aria-live="off" data-testid="time">
        {formatClock(snap.cursorMs)}
      </output>
      <span className="time-total">/ {formatClock(snap.endMs)}</span>
      <div className="speed">
        <label htmlFor={speedId}>{t('playback.speed')}</label>
        <input
          id={speedId}
          type="range"
          min={0}
          max={1}
          step={0.005}
          value={sliderFromSpeed(snap.speed)}
          aria-valuetext={t('playback.speedText', { speed: formatSpeed(snap.speed) })}
          onChange={(e) => playback.setSpeed(speedFromSlider(Number(e.target.value)))}
          data-testid="speed"
        />
        <output htmlFor={speedId} className="speed-readout">
          {formatSpeed(snap.speed)}
        </output>
      </div>
    </div>
  );
}
