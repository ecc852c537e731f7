import type { Metadata } from "next";
import { airportsLabel, roleLabel } from "@/components/console/format";
import { PageHeader } from "@/components/console/page-header";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { AddHotelUser, EditUserHotels } from "@/components/users/hotel-user-forms";
import { sessionCtx } from "@/lib/console/session-ctx";
import { hotelChoices, listUsers } from "@/lib/users/list";
import { createHotelUserAction, updateUserHotelsAction } from "./actions";

export const metadata: Metadata = { title: "Users" };

/** The tenant's console users (ADMIN): roles, airports or hotels by name; add a contracted hotel's user and change its hotels. */
export default async function UsersPage() {
  const ctx = await sessionCtx();
  const [{ items }, choices] = await Promise.all([listUsers({ ctx, input: {} }), hotelChoices({ ctx })]);
  return (
    <>
      <PageHeader
        title="Users"
        description="Who signs in to the console. A hotel user is a contracted hotel's front desk: it sees only its hotels' arrivals, bookings and capacity calls."
        actions={<AddHotelUser choices={choices} create={createHotelUserAction} />}
      />
      <Table stack data-testid="users-table">
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>E-mail</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Airports or hotels</TableHead>
            <TableHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((u) => {
            const hotelUser = u.roles.includes("HOTEL");
            return (
              <TableRow key={u.urn} data-testid="user-row" data-email={u.email}>
                <TableCell data-key className="font-medium">
                  {u.name}
                </TableCell>
                <TableCell className="text-sm">{u.email}</TableCell>
                <TableCell className="text-sm">{u.roles.map(roleLabel).join(", ")}</TableCell>
                <TableCell className="text-sm" data-testid="user-scope">
                  {hotelUser ? u.hotels.map((h) => h.hotelName).join(", ") : airportsLabel(u.airports)}
                </TableCell>
                <TableCell className="text-right">
                  {hotelUser && (
                    <EditUserHotels
                      name={u.name}
                      current={u.hotels.map((h) => h.hotelUrn)}
                      choices={choices}
                      save={updateUserHotelsAction.bind(null, u.urn)}
                    />
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </>
  );
}
