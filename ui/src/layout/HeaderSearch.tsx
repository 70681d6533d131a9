// The header search box (spec §2, §9): asks GET /api/search 300 ms after typing stops, only with 2 or
// more characters; shows the hint below that, 'Nenhum resultado encontrado' when nothing matches,
// and each result opens its screen.
import FlagIcon from '@mui/icons-material/Flag';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import SearchIcon from '@mui/icons-material/Search';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import {
  Box, CircularProgress, ClickAwayListener, InputAdornment, InputBase, List, ListItemButton, ListItemIcon, ListItemText, Paper, Popper, Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { formatCurrency, formatDate } from '../lib/format';
import type { FluxoDataProvider } from '../providers/dataProvider';

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_MIN_LENGTH = 2;

export interface SearchResult {
  type: 'transaction' | 'goal' | 'insight';
  id: string;
  title: string;
  description: string;
  category: string | null;
  amount: string | null;
  date: string | null;
  priority: string | null;
  url: string;
}

const icons = { transaction: <SwapHorizIcon />, goal: <FlagIcon />, insight: <LightbulbIcon /> };

/** The value of `value` once it has stopped changing for `delay` ms. */
export const useDebounced = <T,>(value: T, delay: number): T => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
};

export const HeaderSearch = () => {
  const dataProvider = useDataProvider<FluxoDataProvider>();
  const navigate = useNavigate();
  const anchor = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const term = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = term.length >= SEARCH_MIN_LENGTH;
  const { data, isFetching } = useQuery({
    queryKey: ['search', term],
    queryFn: ({ signal }) => dataProvider.call<SearchResult[]>('search', { query: { q: term }, signal }),
    enabled,
  });
  const typed = text.trim();
  const results = Array.isArray(data) ? data : undefined;
  const go = (result: SearchResult) => {
    setOpen(false);
    setText('');
    navigate(result.url);
  };

  let body;
  if (typed.length < SEARCH_MIN_LENGTH) {
    body = <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>Digite pelo menos 2 caracteres para buscar</Typography>;
  } else if (!results || typed !== term) {
    body = <Box sx={{ p: 2, display: 'flex', justifyContent: 'center' }}><CircularProgress size={20} aria-label="Buscando" /></Box>;
  } else if (results.length === 0) {
    body = <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>Nenhum resultado encontrado</Typography>;
  } else {
    body = (
      <List dense disablePadding aria-label="Resultados da busca">
        {results.map((result) => (
          <ListItemButton key={`${result.type}-${result.id}`} onClick={() => go(result)}>
            <ListItemIcon sx={{ minWidth: 36 }}>{icons[result.type]}</ListItemIcon>
            <ListItemText
              primary={result.title}
              secondary={[result.category, result.amount && formatCurrency(result.amount), result.date && formatDate(result.date)].filter(Boolean).join(' · ') || result.description}
              slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
            />
          </ListItemButton>
        ))}
      </List>
    );
  }

  return (
    <ClickAwayListener onClickAway={() => setOpen(false)}>
      <Box ref={anchor} sx={{ position: 'relative', mx: 1, display: { xs: 'none', md: 'block' } }}>
        <InputBase
          value={text}
          onChange={(event) => { setText(event.target.value); setOpen(true); }}
          onFocus={() => setOpen(true)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
            if (event.key === 'Enter' && results?.[0] && typed === term) go(results[0]);
          }}
          placeholder="Buscar transações, metas, insights…"
          inputProps={{ 'aria-label': 'Buscar', role: 'searchbox' }}
          startAdornment={<InputAdornment position="start"><SearchIcon sx={{ color: 'inherit' }} /></InputAdornment>}
          endAdornment={isFetching ? <CircularProgress size={16} sx={{ color: 'inherit' }} /> : null}
          sx={(theme) => ({
            color: 'inherit', width: 320, px: 1.5, py: 0.25, borderRadius: 1,
            bgcolor: alpha(theme.palette.common.white, 0.15), '&:hover': { bgcolor: alpha(theme.palette.common.white, 0.25) },
          })}
        />
        <Popper open={open && typed.length > 0} anchorEl={anchor.current} placement="bottom-start" sx={{ zIndex: (theme) => theme.zIndex.modal }}>
          <Paper sx={{ width: 400, maxHeight: 420, overflow: 'auto', mt: 0.5 }} elevation={6}>{body}</Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
};
