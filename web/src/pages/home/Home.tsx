import { Exchanges } from './Exchanges';
import { Faq } from './Faq';
import { FeatureShowcase } from './FeatureShowcase';
import { Hero } from './Hero';
import { ScrollStepper } from './ScrollStepper';
import { TrustSection } from './TrustSection';
import { VideoSection } from './VideoSection';

export default function Home() {
  return (
    <>
      <Hero />
      <FeatureShowcase />
      <TrustSection />
      <ScrollStepper />
      <VideoSection />
      <Exchanges />
      <Faq />
    </>
  );
}
