#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

/* GNU libmicrohttpd (Debian libmicrohttpd-dev, 0.9.75). Swift cannot call C variadic
   functions, so the two variadic entry points XMLBindHTTP needs are wrapped here with
   fixed arguments. Only Sources/XMLBindHTTP imports this module. */

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

/// Starts a daemon that serves each connection on a thread of its own (one internal
/// polling thread accepts), listening on `ipv4` (dotted quad) and `port` (0: any free
/// port). Wraps the variadic `MHD_start_daemon` with the options XMLBindHTTP sets.
/// Returns NULL when the address is invalid or the daemon cannot start.
static inline struct MHD_Daemon *CMicroHTTPD_StartDaemon(
    const char *ipv4, uint16_t port, unsigned int connectionLimit, unsigned int timeoutSeconds,
    MHD_AccessHandlerCallback handler, void *handlerContext,
    MHD_RequestCompletedCallback completed, void *completedContext) {
    struct sockaddr_in address;
    memset(&address, 0, sizeof(address));
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    if (inet_pton(AF_INET, ipv4, &address.sin_addr) != 1) {
        return NULL;
    }
    unsigned int flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD;
    return MHD_start_daemon(
        flags, port, NULL, NULL, handler, handlerContext,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_CONNECTION_LIMIT, connectionLimit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeoutSeconds,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completedContext,
        MHD_OPTION_END);
}

/// The port a started daemon listens on (the chosen one when it was started with port 0),
/// or 0 when libmicrohttpd cannot tell. Wraps the variadic `MHD_get_daemon_info`.
static inline uint16_t CMicroHTTPD_BoundPort(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

#endif
