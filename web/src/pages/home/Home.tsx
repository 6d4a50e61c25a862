import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Exchanges } from './Exchanges';
import { Faq } from './Faq';
import { FeatureShowcase } from './FeatureShowcase';
import { Hero } from './Hero';
import { ScrollStepper } from './ScrollStepper';
import { TrustSection } from './TrustSection';
import { VideoSection } from './VideoSection';

/**
 * Sections below the first screen: the browser skips their style, layout and paint until they
 * come near the viewport (content-visibility), so the page's first render on a phone lays out
 * the hero, not the whole page (the style and layout of all of it took most of a second at a
 * phone's pace). `auto` in the intrinsic size keeps each section's measured height once seen.
 */
function BelowTheFold({ children }: { children: ReactNode }) {
  return <Box css={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 900px' }}>{children}</Box>;
}

export default function Home() {
  return (
    <>
      <Hero />
      <BelowTheFold>
        <FeatureShowcase />
      </BelowTheFold>
      <BelowTheFold>
        <TrustSection />
      </BelowTheFold>
      <BelowTheFold>
        <ScrollStepper />
      </BelowTheFold>
      <BelowTheFold>
        <VideoSection />
      </BelowTheFold>
      <BelowTheFold>
        <Exchanges />
      </BelowTheFold>
      <BelowTheFold>
        <Faq />
      </BelowTheFold>
    </>
  );
}
