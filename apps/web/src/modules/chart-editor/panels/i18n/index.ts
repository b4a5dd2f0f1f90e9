import { addModuleCatalogues, useModuleTranslation, type CatalogueKey, type ModuleT } from '../../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type ChartPanelsCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** The panels' texts per language; registered under `chartPanels.` of the app's translation namespace. */
export const chartPanelsCatalogues = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;

addModuleCatalogues('chartPanels', chartPanelsCatalogues);

/** A key of the panels' catalogue, e.g. 'legend.top' (without the `chartPanels.` prefix). */
export type ChartPanelsKey = CatalogueKey<ChartPanelsCatalogue>;

export type PanelsT = ModuleT<ChartPanelsKey>;

/** `t` for the panels' own texts (keys relative to `chartPanels.`), and the app's `t` for shared ones. */
export function usePanelsTranslation() {
  const { own: pt, t, i18n } = useModuleTranslation<ChartPanelsKey>('chartPanels');
  return { pt, t, i18n };
}
