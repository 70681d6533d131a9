// /categories: categories have no screen of their own (spec: the Despesas screen's category
// manager), so the address leads there, with the manager open for those who may edit.
import { Navigate } from 'react-router-dom';
import { MANAGE_CATEGORIES } from './manage';

export const CategoriesRedirect = () => <Navigate to="/expenses" replace state={MANAGE_CATEGORIES} />;
