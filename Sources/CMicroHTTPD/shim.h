#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

/* GNU libmicrohttpd (Debian libmicrohttpd-dev, 0.9.75). Swift cannot call C variadic
   functions, so the variadic entry points XMLBindHTTP needs are wrapped here with fixed
   arguments. Only Sources/XMLBindHTTP imports this module. */

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

/// Starts a daemon with an internal epoll event loop on `eventThreads` threads (a thread
/// pool when more than one), connections that can be suspended while a handler runs
/// elsewhere, at most `connectionLimit` connections in all and `perIPConnectionLimit` from
/// one address (0: no per-address limit), and connections dropped after
/// `idleTimeoutSeconds` without a byte. Listens on `ipv4` (dotted quad) and `port` (0: any
/// free port). Wraps the variadic `MHD_start_daemon`. Returns NULL when the address is
/// invalid or the daemon cannot start.
static inline struct MHD_Daemon *CMicroHTTPD_StartDaemon(
    const char *ipv4, uint16_t port, unsigned int eventThreads, unsigned int connectionLimit,
    unsigned int perIPConnectionLimit, unsigned int idleTimeoutSeconds,
    MHD_AccessHandlerCallback handler, MHD_RequestCompletedCallback completed,
    MHD_NotifyConnectionCallback notifyConnection, void *context) {
    struct sockaddr_in address;
    memset(&address, 0, sizeof(address));
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    if (inet_pton(AF_INET, ipv4, &address.sin_addr) != 1) {
        return NULL;
    }
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
    return MHD_start_daemon(
        flags, port, NULL, NULL, handler, context,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_THREAD_POOL_SIZE, eventThreads,
        MHD_OPTION_CONNECTION_LIMIT, connectionLimit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, perIPConnectionLimit,
        MHD_OPTION_CONNECTION_TIMEOUT, idleTimeoutSeconds,
        MHD_OPTION_NOTIFY_COMPLETED, completed, context,
        MHD_OPTION_NOTIFY_CONNECTION, notifyConnection, context,
        MHD_OPTION_END);
}

/// The port a started daemon listens on (the chosen one when it was started with port 0),
/// or 0 when libmicrohttpd cannot tell. Wraps the variadic `MHD_get_daemon_info`.
static inline uint16_t CMicroHTTPD_BoundPort(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The socket of a connection, or -1 when libmicrohttpd cannot tell. Wraps the variadic
/// `MHD_get_connection_info`.
static inline int CMicroHTTPD_ConnectionSocket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

#endif
