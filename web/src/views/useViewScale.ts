import { useMemo, useSyncExternalStore } from 'react';
import { textSizes, viewScale, type TextSizes } from '../viewScale';
import { useView } from './services';

function subscribeResize(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}
const viewportKey = () => `${window.innerWidth}x${window.innerHeight}`;

/** The drawn text sizes for the current view (present mode, window size). */
export function useTextSizes(): TextSizes {
  const { present } = useView();
  const key = useSyncExternalStore(subscribeResize, viewportKey, () => '1280x720');
  return useMemo(() => {
    const [width, height] = key.split('x').map(Number) as [number, number];
    return textSizes(viewScale(present, { width, height }));
  }, [present, key]);
}
