import { Link } from "react-router";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Prose } from "@/features/marketing/components/prose";

/** /privacy: the privacy policy. */
export function PrivacyPage() {
  return (
    <PageContainer size="narrow">
      <PageHeader title="Privacy Policy" description="What we collect, why we collect it and the choices you have." />
      <Prose>
        <p>This policy explains how RoutePilot handles personal data when you use our website and apps. It applies to every plan, including Free.</p>
        <h2>What we collect</h2>
        <ul>
          <li>Account details: your name, e-mail address and a securely hashed password.</li>
          <li>Route data: the addresses, saved locations and stops you enter, and the routes we calculate.</li>
          <li>Preferences: theme, language, time zone, distance unit and default locations.</li>
          <li>
            Billing details, when you buy a plan online: they are handled by our card payment provider, Stripe. We keep only a customer reference, your plan, whether a card is on
            file and your charges; we never see or store card numbers.
          </li>
          <li>Technical data such as your browser type and IP address, used to keep the service secure and to prevent abuse.</li>
          <li>
            Fleet teams: the orders a team enters, including its customers' names, e-mail addresses and phone numbers. Drivers using the driver app send their
            position while a route is in progress (they can pause it), what happens at each stop, and proof of delivery: photos, signatures and the recipient's name.
          </li>
        </ul>
        <h2>How we use it</h2>
        <p>
          We use your data to provide the service you asked for: planning routes, keeping your history, sending account e-mails and sharing routes through
          the read-only links you create. In a team, the team's owner and admins see the members' names, e-mail addresses, route counts and the routes members plan after joining. We do not sell
          personal data and we do not use it for advertising.
        </p>
        <p>
          In a fleet team, the owner, admins and managers see their drivers' positions, stop updates and proof of delivery for the team's routes. A customer of a
          fleet team receives delivery e-mails only about their own order, each with a link to stop them, and a tracking link that shows their own delivery,
          the driver's first name, the driver's position only while theirs is the next stop, and the delivery photo; the link stops working after 7 days.
        </p>
        <h2>Security</h2>
        <p>
          Connections are encrypted and sessions use secure cookies. Especially sensitive fields, such as vehicle identification numbers, insurance policies, driver
          phone and licence numbers, are encrypted at rest. Access to production systems is limited and logged.
        </p>
        <h2>Maps and third parties</h2>
        <p>
          Map tiles are loaded from OpenStreetMap servers, which receive your IP address when your browser requests them. Map data © OpenStreetMap
          contributors. Payments are processed by our payment provider (Stripe) under its own privacy policy.
        </p>
        <h2>Your rights</h2>
        <p>
          You can see your details on your Profile page, change your preferences in Settings and download your routes as GPX or CSV. On{" "}
          <Link to="/delete-account">Delete account</Link> you can download a copy of all your data (JSON) and delete your account yourself. You may
          also ask us to correct your data or object to how we use it. Write to us through the <Link to="/contact">contact page</Link>.
        </p>
        <h2>Retention</h2>
        <p>
          We keep your data while your account is open. When you delete your account, your profile, preferences, places, routes, usage and sessions
          are removed at once. The security log keeps its entries without your name or e-mail address, messages you sent us through the contact
          page are kept as correspondence, and our payment provider keeps invoices as the law requires.
        </p>
        <h2>Changes</h2>
        <p>If we change this policy in a way that matters, we will tell you by e-mail before the change takes effect.</p>
      </Prose>
    </PageContainer>
  );
}
