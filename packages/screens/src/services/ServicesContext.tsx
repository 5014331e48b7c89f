import { createContext, useContext } from 'react';
import type { WidgetServices } from './WidgetServices';

export const ServicesContext = createContext<WidgetServices | null>(null);

export function useServices(): WidgetServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() needs <Widget services={...}> above it.');
  return services;
}
