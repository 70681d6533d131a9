// Three customer testimonials (illustrative marketing copy).
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import { Avatar, Box, Card, CardContent, Grid, Rating, Typography } from '@mui/material';
import { initialsOf } from '../../lib/initials';
import { Section } from './Section';

const testimonials = [
  {
    quote: 'O Fluxo acabou com as planilhas do nosso financeiro. Hoje fechamos o mês em horas, não em dias.',
    name: 'Mariana Costa',
    role: 'Diretora Financeira, Padaria Pão Dourado',
  },
  {
    quote: 'Os insights de IA nos avisaram de um fluxo de caixa negativo com semanas de antecedência. Deu tempo de renegociar.',
    name: 'Ricardo Almeida',
    role: 'CEO, TechNova Soluções',
  },
  {
    quote: 'A integração bancária e a importação de extratos pouparam horas de digitação da nossa equipe toda semana.',
    name: 'Juliana Ferreira',
    role: 'Sócia, Ferreira & Associados',
  },
];

export const Testimonials = () => (
  <Section id="testimonials" title="O que nossos clientes dizem" subtitle="Empresas que trocaram as planilhas pelo Fluxo" background="#f8fafc">
    <Grid container spacing={3}>
      {testimonials.map(({ quote, name, role }) => (
        <Grid key={name} size={{ xs: 12, md: 4 }}>
          <Card variant="outlined" sx={{ height: '100%', borderRadius: 3 }}>
            <CardContent sx={{ p: 3, display: 'flex', flexDirection: 'column', height: '100%' }}>
              <FormatQuoteIcon color="primary" sx={{ fontSize: 36 }} />
              <Rating value={5} readOnly size="small" sx={{ mb: 1.5 }} />
              <Typography variant="body1" component="blockquote" sx={{ m: 0, mb: 3, flexGrow: 1 }}>
                {quote}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <Avatar sx={{ bgcolor: 'primary.main' }}>{initialsOf(name)}</Avatar>
                <Box>
                  <Typography variant="subtitle2">{name}</Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {role}
                  </Typography>
                </Box>
              </Box>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  </Section>
);
