import { RouterProvider } from "react-router";
import { AppProvider } from "@/app/provider";
import { createAppRouter } from "@/app/router";

const router = createAppRouter();

/** The RoutePilot single-page app. */
export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
