// Fluxo's look: react-admin's default theme with an indigo primary and a dark slate header.
import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#4f46e5' },
    secondary: { main: '#0f172a' },
    background: { default: '#f8fafc' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  sidebar: { width: 248, closedWidth: 56 },
  components: {
    ...defaultTheme.components,
    // react-admin's layout is at least as wide as its content ('fit-content'): one wide table made
    // the whole page scroll sideways on a phone. The page keeps the screen's width; a table scrolls
    // inside its own box instead.
    RaLayout: {
      styleOverrides: {
        root: { minWidth: 0, '& .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } },
      },
    },
    RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
    // Toolbars and card actions wrap onto a second line rather than push the page wider.
    RaTopToolbar: { styleOverrides: { root: { flexWrap: 'wrap' } } },
    MuiCardHeader: { styleOverrides: { root: { flexWrap: 'wrap', rowGap: 8 }, content: { minWidth: 0 } } },
    RaDataTable: { styleOverrides: { root: { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } } },
    MuiTableContainer: { styleOverrides: { root: { overflowX: 'auto' } } },
  },
};
