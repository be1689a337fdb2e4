import { AllInOneSection } from "./all-in-one-section";
import { CapabilitiesSection } from "./capabilities-section";
import { ChannelsSection } from "./channels-section";
import { HeroSection } from "./hero-section";
import { PersonaShowcaseSection } from "./persona-showcase-section";
import { StatsSection } from "./stats-section";

/** The landing page, sections in the seed's order (the shell renders header and footer). */
export function HomePage() {
  return (
    <>
      <HeroSection />
      <CapabilitiesSection />
      <AllInOneSection />
      <PersonaShowcaseSection />
      <ChannelsSection />
      <StatsSection />
    </>
  );
}
