// The public landing page (spec §1, §2): shown at /landing, and at / to signed-out visitors.
import { Box } from '@mui/material';
import { Benefits } from './landing/Benefits';
import { CallToAction } from './landing/CallToAction';
import { Features } from './landing/Features';
import { Hero } from './landing/Hero';
import { LandingFooter } from './landing/LandingFooter';
import { LandingHeader } from './landing/LandingHeader';
import { Pricing } from './landing/Pricing';
import { Testimonials } from './landing/Testimonials';

export const Landing = () => (
  <Box sx={{ bgcolor: 'background.paper', minHeight: '100vh' }}>
    <LandingHeader />
    <main>
      <Hero />
      <Features />
      <Benefits />
      <Pricing />
      <Testimonials />
      <CallToAction />
    </main>
    <LandingFooter />
  </Box>
);
