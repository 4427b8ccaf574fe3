import { describe, expect, it } from 'vitest';
import { formatBytes, formatClock, formatDuration, formatRate, trim } from './format';

describe('format', () => {
  it('formats rates', () => {
    expect(formatRate(800_000)).toBe('800 kbit/s');
    expect(formatRate(9_600)).toBe('9.6 kbit/s');
    expect(formatRate(10_000_000)).toBe('10 Mbit/s');
    expect(formatRate(734_400)).toBe('734 kbit/s');
    expect(formatRate(2.5e9)).toBe('2.5 Gbit/s');
    expect(formatRate(500)).toBe('500 bit/s');
  });
  it('formats durations', () => {
    expect(formatDuration(0.1)).toBe('0.1 ms');
    expect(formatDuration(100)).toBe('100 ms');
    expect(formatDuration(250)).toBe('250 ms');
    expect(formatDuration(1500)).toBe('1.5 s');
    expect(formatDuration(0.0005)).toBe('0.5 \u00b5s');
  });
  it('formats the clock and sizes', () => {
    expect(formatClock(5000)).toBe('5.000 s');
    expect(formatClock(12.5)).toBe('0.013 s');
    expect(formatBytes(65535)).toBe('65.5 kB');
    expect(formatBytes(40)).toBe('40 B');
  });
  it('trims to three significant digits', () => {
    expect(trim(0.12345)).toBe('0.123');
    expect(trim(12.345)).toBe('12.3');
    expect(trim(123.45)).toBe('123');
    expect(trim(2)).toBe('2');
  });
});
