// A landing-page section: an anchor target with a centred title and subtitle.
import { Box, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface SectionProps {
  id?: string;
  title: string;
  subtitle?: string;
  background?: string;
  children: ReactNode;
}

export const Section = ({ id, title, subtitle, background, children }: SectionProps) => (
  <Box component="section" id={id} sx={{ py: { xs: 8, md: 11 }, scrollMarginTop: 64, background }}>
    <Container maxWidth="lg">
      <Box sx={{ textAlign: 'center', maxWidth: 720, mx: 'auto', mb: { xs: 5, md: 7 } }}>
        <Typography variant="h4" component="h2" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 1.5 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="h6" component="p" sx={{ color: 'text.secondary', fontWeight: 400 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {children}
    </Container>
  </Box>
);
