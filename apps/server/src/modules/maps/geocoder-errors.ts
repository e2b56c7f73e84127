import { GeoError, ProviderBusyError } from "@routepilot/geo";
import { AppError, ServiceBusyError } from "../../lib/errors";

/** Runs a geocoder call, turning provider trouble into 503s (busy: Retry-After a minute). */
export async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderBusyError) throw new ServiceBusyError("The address search is busy right now. Please try again in a minute.", 60);
    if (error instanceof GeoError) throw new AppError(503, "SERVICE_UNAVAILABLE", "The address search is unavailable right now. Please try again.");
    throw error;
  }
}

