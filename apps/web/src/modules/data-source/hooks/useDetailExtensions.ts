import { createContext, useContext, type ComponentType, type Key } from 'react';
import type { DataSource } from '../types';

/**
 * What another module adds to a source's detail page (the Excel upload module: append / replace in the
 * toolbar, row delete in the preview, column removal in the fields), given by the app shell so this
 * module imports none of them (module edges point one way: excel-upload → data-source).
 */
export interface DataSourceDetailExtensions {
  /** the extension changes this source's data (an uploaded source) */
  appliesTo: (source: Pick<DataSource, 'reference'>) => boolean;
  ToolbarActions: ComponentType<{ dataSource: DataSource }>;
  DeleteRowsButton: ComponentType<{ dataSource: DataSource; keyIds: readonly Key[]; onDeleted: (deleted: number) => void }>;
  RemoveFieldButton: ComponentType<{ dataSourceId: string; name: string }>;
}

const DetailExtensionsContext = createContext<DataSourceDetailExtensions | null>(null);

/** Provided once by the app shell (app/App.tsx). */
export const DataSourceDetailExtensionsProvider = DetailExtensionsContext.Provider;

/** The detail page's extensions, or null when none are given. */
export function useDetailExtensions(): DataSourceDetailExtensions | null {
  return useContext(DetailExtensionsContext);
}
