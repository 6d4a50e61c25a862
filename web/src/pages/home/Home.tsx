import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { skipUntilNear } from '../../components/skipUntilNear';
import { Exchanges } from './Exchanges';
import { Faq } from './Faq';
import { FeatureShowcase } from './FeatureShowcase';
import { Hero } from './Hero';
import { ScrollStepper } from './ScrollStepper';
import { TrustSection } from './TrustSection';
import { VideoSection } from './VideoSection';

/**
 * Sections below the first screen, skipped until near the viewport: the page's first render on a
 * phone lays out the hero, not the whole page.
 */
function BelowTheFold({ children }: { children: ReactNode }) {
  return <Box css={skipUntilNear('900px')}>{children}</Box>;
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
