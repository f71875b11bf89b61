import { BrowserRouter, useRoutes } from 'react-router';
import { queryClient } from '../lib/query/index.ts';
import { QueryProvider } from '../lib/query/provider.tsx';
import { routes } from './routes.tsx';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The declarative router: the app uses no loaders or actions, and the data router's code
 * would be a good part of every page's download.
 */
export function App() {
  return (
    <QueryProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryProvider>
  );
}
