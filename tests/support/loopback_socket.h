#pragma once
// A plain blocking socket to 127.0.0.1:port, for tests that must control the bytes a client
// sends and when it half-closes (QTcpSocket hides both). Reads give up after
// `receiveTimeoutSeconds`, so a server that never answers fails a test instead of hanging it.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cstdint>

// The connected descriptor (close it with ::close), or -1 when the connection failed.
inline int connectLoopback(std::uint16_t port, int receiveTimeoutSeconds)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    timeval timeout{receiveTimeoutSeconds, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}
