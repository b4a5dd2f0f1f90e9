import { addModuleCatalogues, useModuleTranslation, type CatalogueKey, type ModuleT } from '../../../shared/i18n/module-catalogues';
import en from './en';
import zhCN, { type ChartEditorCatalogue } from './zh-CN';
import zhTW from './zh-TW';

/** The editor's texts per language; registered under `chartEditor.` of the app's translation namespace. */
export const chartEditorCatalogues = { 'zh-CN': zhCN, 'zh-TW': zhTW, en } as const;

addModuleCatalogues('chartEditor', chartEditorCatalogues);

/** A key of the module's catalogue, e.g. 'zones.points' (without the `chartEditor.` prefix). */
export type ChartEditorKey = CatalogueKey<ChartEditorCatalogue>;
export type CeT = ModuleT<ChartEditorKey>;

/** `t` for the editor's own texts (keys relative to `chartEditor.`), and the app's `t` for shared ones. */
export function useChartEditorTranslation() {
  const { own: ce, t, i18n } = useModuleTranslation<ChartEditorKey>('chartEditor');
  return { ce, t, i18n };
}
