import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { DataSourceDetailExtensionsProvider } from '../modules/data-source/hooks/useDetailExtensions';
import { excelDetailExtensions } from '../modules/excel-upload/detailExtensions';
import { ThemeProvider } from '../modules/shell/components/ThemeProvider';
import { ApiError } from '../shared/api/http';
import { router } from './router';

const FIVE_MINUTES = 5 * 60 * 1000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: FIVE_MINUTES,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => {
        // a refused or unauthorised call will not succeed by repeating it
        if (error instanceof ApiError && error.httpStatus > 0 && error.httpStatus < 500) return false;
        return failureCount < 1;
      },
    },
    mutations: { retry: false },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {/* the upload module's pieces of a source's detail page (the data-source module imports no upload code) */}
        <DataSourceDetailExtensionsProvider value={excelDetailExtensions}>
          <RouterProvider router={router} />
        </DataSourceDetailExtensionsProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
