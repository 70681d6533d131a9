// The pages a signed-out visitor sees (landing, login, register, password reset), as their own small
// bundle: MUI, the router, and react-admin's form core (ra-core) for validation and pt-BR messages,
// without react-admin's component library, data layer or layout, which only the signed-in app needs.
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { I18nContextProvider } from 'ra-core';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ForgotPassword } from '../pages/ForgotPassword';
import { Landing } from '../pages/Landing';
import { Login } from '../pages/Login';
import { Register } from '../pages/Register';
import { ResetPassword } from '../pages/ResetPassword';
import { ConfirmEmail } from '../pages/ConfirmEmail';
import { i18nProvider } from '../providers/i18nProvider';
import { theme } from '../theme';

const muiTheme = createTheme(theme);

export const PublicApp = () => (
  <BrowserRouter>
    <I18nContextProvider value={i18nProvider}>
      <ThemeProvider theme={muiTheme}>
        <CssBaseline />
        <Routes>
          <Route path="/" element={<Landing />} />
          <Route path="/landing" element={<Landing />} />
          <Route path="/login" element={<Login />} />
          <Route path="/register" element={<Register />} />
          <Route path="/forgot-password" element={<ForgotPassword />} />
          <Route path="/reset-password" element={<ResetPassword />} />
          <Route path="/confirm-email" element={<ConfirmEmail />} />
          <Route path="*" element={<Navigate to="/login" replace />} />
        </Routes>
      </ThemeProvider>
    </I18nContextProvider>
  </BrowserRouter>
);

export default PublicApp;
