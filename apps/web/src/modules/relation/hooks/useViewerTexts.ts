import { useMemo } from 'react';
import { useRelationTranslation } from '../i18n';
import type { ViewerTexts } from '../utils/viewer';

/** The viewer's words for values and states, in the UI language. */
export function useViewerTexts(): ViewerTexts {
  const { rl } = useRelationTranslation();
  return useMemo(
    () => ({
      state: { empty: rl('viewer.states.empty'), broken: rl('viewer.states.broken'), noPermission: rl('viewer.states.noPermission') },
      chart: rl('viewer.chart'),
      value: rl('viewer.value'),
      noValue: rl('viewer.noValue'),
    }),
    [rl],
  );
}
